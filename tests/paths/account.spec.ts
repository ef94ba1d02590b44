import { driver } from './account.driver'
import { drivePaths } from './runner'

drivePaths(driver)
