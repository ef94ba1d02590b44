import { driver } from './organisationSettings.driver'
import { drivePaths } from './runner'

drivePaths(driver)
