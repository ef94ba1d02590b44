import { driver } from './reminderSettings.driver'
import { drivePaths } from './runner'

drivePaths(driver)
