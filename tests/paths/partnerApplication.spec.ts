import { driver } from './partnerApplication.driver'
import { drivePaths } from './runner'

drivePaths(driver)
